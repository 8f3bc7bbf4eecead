import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('sign-in', ROWS.slice(0, 2));
