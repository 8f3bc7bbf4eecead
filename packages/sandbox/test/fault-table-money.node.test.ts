import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('delegated keys, wallet, customer, quotes and SCA', ROWS.slice(7, 15));
