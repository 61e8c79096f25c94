import { fuzzShard } from './fuzz';

/** The fuzz test (fuzz.ts) of half of the /api routes; fuzz.2.test.ts has the other half. */
fuzzShard(0, 2);
