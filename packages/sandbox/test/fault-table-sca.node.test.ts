import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('SCA login', ROWS.slice(13, 15));
