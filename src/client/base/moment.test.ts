import moment from './moment';

describe('moment set-up', () => {
  it('speaks Dutch and starts weeks on Monday', () => {
    expect(moment.locale()).toBe('nl');
    expect(moment('2026-03-15').format('MMMM')).toBe('maart');
    // Sunday 15 March 2026 belongs to the week that started on Monday 9 March.
    expect(moment('2026-03-15').startOf('week').format('YYYY-MM-DD dddd')).toBe('2026-03-09 maandag');
  });
});
