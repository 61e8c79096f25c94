/**
 * A phone's screen for the tests of a `describe` block: jsdom has no matchMedia, so while the
 * block runs every max-width query (MUI's `down`) matches, as on a phone.
 */
export const onPhoneScreen = () => {
  const originalMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });
};
