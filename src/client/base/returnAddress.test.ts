import { paths } from './paths';
import { RETURN_PARAM, safeReturnAddress } from './returnAddress';

describe('safeReturnAddress', () => {
  it('keeps a portal path with its query string and fragment', () => {
    expect(safeReturnAddress('/kosten?maand=2026-09')).toBe('/kosten?maand=2026-09');
    expect(safeReturnAddress('/mijn-bedrijf/end-users/3/jan-de-jong#x')).toBe('/mijn-bedrijf/end-users/3/jan-de-jong#x');
    expect(safeReturnAddress('/zoek/06%2012')).toBe('/zoek/06%2012');
  });

  it.each([
    ['nothing', null],
    ['empty', ''],
    ['a relative path', 'kosten'],
    ['another host', '//evil.example/kosten'],
    ['another host with a backslash', '/\\evil.example'],
    ['a backslash anywhere', '/kosten\\..\\x'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a space', '/ /evil.example'],
    ['an absolute URL', 'https://evil.example/kosten'],
    ['an http URL', 'http:/kosten'],
    ['javascript', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['the login page', '/login'],
    ['the login page with its own return', '/login?terug=%2Fkosten'],
  ])('refuses %s', (_case, value) => {
    expect(safeReturnAddress(value)).toBeNull();
  });

  it('normalises dot segments, so a path cannot climb out of the portal', () => {
    expect(safeReturnAddress('/kosten/../login')).toBeNull();
    expect(safeReturnAddress('/a/../kosten')).toBe('/kosten');
  });
});

describe('paths.login', () => {
  it('keeps the return address in the query string', () => {
    expect(paths.login('/kosten?maand=2026-09')).toBe('/login?terug=%2Fkosten%3Fmaand%3D2026-09');
    expect(new URLSearchParams(paths.login('/kosten?maand=2026-09').split('?')[1]).get(RETURN_PARAM)).toBe('/kosten?maand=2026-09');
    expect(paths.login()).toBe('/login');
  });
});
