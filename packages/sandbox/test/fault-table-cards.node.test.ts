import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('cards', ROWS.slice(16, 19));
