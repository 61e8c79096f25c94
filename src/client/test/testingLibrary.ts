import { configure } from '@testing-library/react';

/**
 * `findBy…` and `waitFor` wait up to 5 s for what a screen shows once its lazy chunk and mocked
 * data are in (1 s by default): on a loaded machine a screen's first import alone can take longer.
 * A wait is not a speed assertion; those are `npm run bench`'s. Loaded by jest.config.ts.
 */
configure({ asyncUtilTimeout: 5_000 });
