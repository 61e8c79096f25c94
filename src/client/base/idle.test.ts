import { formatCountdown, idlePhase, secondsLeftBeforeIdleEnd, noteOwnToken, ownTokenReceivedAt } from './idle';

const minutes = (m: number) => m * 60;

describe('idlePhase (the server ends a session 1 hour after its last refresh)', () => {
  it('leaves a freshly renewed session alone for 50 minutes', () => {
    expect(idlePhase(0)).toBe('fresh');
    expect(idlePhase(minutes(50) - 1)).toBe('fresh');
  });

  it('lets user input renew the token within its last 10 minutes, before the warning', () => {
    expect(idlePhase(minutes(50))).toBe('renewable');
    expect(idlePhase(minutes(55) - 1)).toBe('renewable');
  });

  it('warns 5 minutes before the end', () => {
    expect(idlePhase(minutes(55))).toBe('warning');
    expect(idlePhase(minutes(60) - 1)).toBe('warning');
  });

  it('ends after 1 hour, also long after it', () => {
    expect(idlePhase(minutes(60))).toBe('ended');
    expect(idlePhase(minutes(600))).toBe('ended');
  });

  it('counts down the seconds left', () => {
    expect(secondsLeftBeforeIdleEnd(minutes(55))).toBe(300);
    expect(secondsLeftBeforeIdleEnd(minutes(61))).toBe(0);
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(65.2)).toBe('1:06');
    expect(formatCountdown(0)).toBe('0:00');
  });
});

describe('the idle clock starts when the token came (noteOwnToken), not when the warning loads', () => {
  it('answers the time the token was first noted, and now for a token never noted', () => {
    const spy = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    noteOwnToken('token-a');
    spy.mockReturnValue(4_000_000);
    noteOwnToken('token-a');
    expect(ownTokenReceivedAt('token-a')).toBe(1_000_000);
    expect(ownTokenReceivedAt('token-b')).toBe(4_000_000);
    noteOwnToken('token-b');
    expect(ownTokenReceivedAt('token-b')).toBe(4_000_000);
    expect(ownTokenReceivedAt(null)).toBe(4_000_000);
    spy.mockRestore();
  });
});
