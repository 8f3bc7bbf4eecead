import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('sessions', ROWS.slice(5, 8));
