import { sortRows } from './sortRows';

describe('sortRows', () => {
  const names = ['Vestiging 10', 'émile', 'Vestiging 9', '', 'Anna', 'Zoë', null];
  it('sorts texts the Dutch way with numbers by value, empty cells last both ways', () => {
    expect(sortRows(names, (name) => name, 'asc')).toEqual(['Anna', 'émile', 'Vestiging 9', 'Vestiging 10', 'Zoë', '', null]);
    expect(sortRows(names, (name) => name, 'desc')).toEqual(['Zoë', 'Vestiging 10', 'Vestiging 9', 'émile', 'Anna', '', null]);
  });

  it('sorts numbers by value and keeps equal rows in their order', () => {
    const rows = [{ id: 1, n: 5 }, { id: 2, n: 12 }, { id: 3, n: 5 }, { id: 4, n: null }];
    expect(sortRows(rows, (row) => row.n, 'asc').map((row) => row.id)).toEqual([1, 3, 2, 4]);
    expect(sortRows(rows, (row) => row.n, 'desc').map((row) => row.id)).toEqual([2, 1, 3, 4]);
  });
});
