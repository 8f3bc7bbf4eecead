import { faultTable, ROWS } from './helpers/fault-table.js';

faultTable('sign-in, credentials and sessions', ROWS.slice(0, 7));
