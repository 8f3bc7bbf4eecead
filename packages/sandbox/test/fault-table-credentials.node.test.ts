import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('credentials', ROWS.slice(2, 5));
