import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('SCA login', ROWS.slice(14, 16));
