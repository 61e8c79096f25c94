import { maskNumber, maskOtherParty, ownedByReceiver } from './callRecords';

describe('maskNumber', () => {
  it.each([
    ['0612345678', '0612345***'],
    ['+31612345678', '+31612345***'],
    ['0201234567', '0201234***'],
    // A four-digit service number keeps its first digit.
    ['1233', '1***'],
    // Fails closed: whatever the notation, the last three digits are masked.
    ['112', '***'],
    ['06-1234', '06-1***'],
    ['+31 6 1234 5678', '+31 6 1234 5***'],
    ['06-12345678', '06-12345***'],
    ['(020) 1234567', '(020) 1234***'],
    ['+31(0)612345678', '+31(0)612345***'],
    ['06-123456-78', '06-12345*-**'],
    ['0612345\u0000678', '0612345\u0000***'],
    ['\uff10\uff16\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18', '\uff10\uff16\uff11\uff12\uff13\uff14\uff15***'],
    ['\u{1D7CE}\u{1D7D4}1\u{1D7CF}2', '\u{1D7CE}\u{1D7D4}***'],
  ])('%j → %j', (number, masked) => expect(maskNumber(number)).toBe(masked));

  it.each(['internet', '', 'Café ☎'])('leaves %j as it is: it holds no digit', (text) => {
    expect(maskNumber(text)).toBe(text);
  });
});

describe('maskOtherParty', () => {
  const own = '0611111111';
  const other = '0622222222';

  it('masks the receiver of an outgoing call and text, and keeps the own number', () => {
    for (const type of ['voice', 'sms']) {
      expect(maskOtherParty({ direction: 'uitgaand', type, sender: own, receiver: other })).toEqual({
        direction: 'uitgaand',
        type,
        sender: own,
        receiver: '0622222***',
      });
    }
  });

  it('masks the caller of an incoming call and text: the record is the receiver’s', () => {
    expect(ownedByReceiver('inkomend', 'voice')).toBe(true);
    expect(maskOtherParty({ direction: 'inkomend', type: 'voice', sender: other, receiver: own })).toMatchObject({ sender: '0622222***', receiver: own });
  });

  it("keeps a data record's own number and its access point name", () => {
    expect(ownedByReceiver('inkomend', 'data')).toBe(false);
    expect(maskOtherParty({ direction: 'uitgaand', type: 'data', sender: own, receiver: 'internet' })).toMatchObject({ sender: own, receiver: 'internet' });
  });

  it('keeps the other fields of the record', () => {
    const record = { id: 'ab', direction: 'uitgaand', type: 'voice', sender: own, receiver: other, total_price: 0.25 };
    expect(maskOtherParty(record)).toEqual({ ...record, receiver: '0622222***' });
  });
});
