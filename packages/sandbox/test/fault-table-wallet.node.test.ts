import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('delegated keys, wallet and customer', ROWS.slice(8, 11));
