import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('sessions', ROWS.slice(4, 7));
