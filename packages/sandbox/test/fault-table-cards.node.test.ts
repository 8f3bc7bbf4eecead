import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('cards', ROWS.slice(15, 18));
