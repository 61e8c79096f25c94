import * as React from 'react';
import { configure } from '@testing-library/react';

/**
 * `findBy…` and `waitFor` wait up to 5 s for what a screen shows once its lazy chunk and mocked
 * data are in (1 s by default): on a loaded machine a screen's first import alone can take longer.
 * A wait is not a speed assertion; those are `npm run bench`'s. Loaded by jest.config.ts.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * React's development build captures a stack trace for every element it creates (its "owner
 * stacks", for richer warnings), up to 10,000 per render; under jsdom that is a quarter of a
 * screen test's processor time (docs/testing.md, 'What makes it fast'). The tests read no owner
 * stacks, so the count is held at its limit, where React stops capturing them.
 */
const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number }>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
  get: () => 1e4,
  set: () => {
    // React counts up and starts again after each render: the count stays where it is.
  },
});
