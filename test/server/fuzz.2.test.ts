import { fuzzShard } from './fuzz';

/** The fuzz test (fuzz.ts) of half of the /api routes; fuzz.1.test.ts has the other half. */
fuzzShard(1, 2);
