import { render, screen, within } from '@testing-library/react';
import { MSG } from '../../domain/messages';
import { DataTable, DataTablePagination } from './DataTable';
import { Section } from './Section';
import { TableStates } from './TableStates';

interface Fruit {
  id: number;
  name: string;
  count: number;
}

const fruits: Fruit[] = [
  { id: 1, name: 'Appel', count: 3 },
  { id: 2, name: 'Peer', count: 12 },
];

const states = { errorText: 'De fruitsoorten konden niet worden geladen.', emptyText: 'Er is nog geen fruit.' };

function FruitTable({ rows, busy }: { rows: Fruit[]; busy?: boolean }) {
  return (
    <Section id="fruit-titel" title="Fruit">
      <DataTable
        labelledBy="fruit-titel"
        columns={[
          { header: 'Naam', cell: (row) => row.name },
          { header: 'Aantal', align: 'right', cell: (row) => row.count },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
        busy={busy}
      />
    </Section>
  );
}

describe('TableStates', () => {
  it('shows the loading indicator while loading, whatever else is known', () => {
    render(
      <TableStates isLoading isError isEmpty {...states}>
        <FruitTable rows={fruits} />
      </TableStates>,
    );
    expect(screen.getByRole('progressbar', { name: MSG.loading })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(states.errorText)).toBeNull();
  });

  it('says that the rows could not be loaded, before saying there are none', () => {
    render(
      <TableStates isLoading={false} isError isEmpty {...states}>
        <FruitTable rows={fruits} />
      </TableStates>,
    );
    expect(screen.getByText(states.errorText)).toBeTruthy();
    expect(screen.queryByText(states.emptyText)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says that there are no rows yet', () => {
    render(
      <TableStates isLoading={false} isError={false} isEmpty {...states}>
        <FruitTable rows={[]} />
      </TableStates>,
    );
    expect(screen.getByText(states.emptyText)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the rows once they are in', () => {
    render(
      <TableStates isLoading={false} isError={false} isEmpty={false} {...states}>
        <FruitTable rows={fruits} />
      </TableStates>,
    );
    expect(screen.getByRole('table', { name: 'Fruit' })).toBeTruthy();
    expect(screen.queryByText(states.emptyText)).toBeNull();
  });
});

describe('DataTable', () => {
  it('is named by its section heading, with a header row and a row per item', () => {
    render(<FruitTable rows={fruits} />);

    const region = screen.getByRole('region', { name: 'Fruit' });
    const table = within(region).getByRole('table', { name: 'Fruit' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Naam', 'Aantal']);
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Appel', '3'],
      ['Peer', '12'],
    ]);
    expect(within(rows[0]).getAllByRole('cell')[1].className).toMatch(/alignRight/);
    expect(table.closest('[aria-busy]')).toBeNull();
  });

  it('says when another page of rows is on its way', () => {
    render(<FruitTable rows={fruits} busy />);
    expect(screen.getByRole('table').closest('[aria-busy="true"]')).toBeTruthy();
  });
});

describe('DataTablePagination', () => {
  it('counts and turns pages in Dutch', () => {
    const onPageChange = jest.fn();
    render(<DataTablePagination count={60} page={0} onPageChange={onPageChange} rowsPerPage={50} />);

    expect(screen.getByText('1-50 van 60')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Ga naar de vorige pagina' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Ga naar de eerste pagina' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ga naar de laatste pagina' })).toBeTruthy();
    screen.getByRole('button', { name: 'Ga naar de volgende pagina' }).click();
    expect(onPageChange).toHaveBeenCalledWith(1);
  });
});
