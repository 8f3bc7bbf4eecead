import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('quotes', ROWS.slice(11, 14));
