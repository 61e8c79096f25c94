import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CsvUploadForm, LineErrorList, lineErrorsOf, type UploadOutcome } from './CsvUploadForm';
import { Section } from './Section';

const csv = (name = 'bestand.csv') => new File(['a;b\n1;2\n'], name, { type: 'text/csv' });

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const outcomeText = (outcome: UploadOutcome<string>) => (
  <p role="status">{outcome.ok ? `Gelukt: ${outcome.answer}` : `Mislukt: ${String(outcome.error)}`}</p>
);

function renderForm(upload: (file: File) => Promise<string>) {
  const user = userEvent.setup();
  render(
    <Section id="import-titel" title="Fruit importeren">
      <CsvUploadForm labelledBy="import-titel" fileLabel="CSV-bestand met fruit" upload={upload} outcome={outcomeText} />
    </Section>,
  );
  const button = () => screen.getByRole('button', { name: /Importeren|Bezig met importeren/ }) as HTMLButtonElement;
  const input = () => screen.getByLabelText('CSV-bestand met fruit') as HTMLInputElement;
  return { user, button, input };
}

describe('CsvUploadForm', () => {
  it('is a form named by its heading, with a labelled CSV file input, idle until a file is chosen', () => {
    const { button, input } = renderForm(jest.fn());

    const form = screen.getByRole('form', { name: 'Fruit importeren' });
    expect(within(form).getByLabelText('CSV-bestand met fruit')).toBe(input());
    expect(input().type).toBe('file');
    expect(input().accept).toBe('.csv,text/csv');
    expect(button().textContent).toBe('Importeren');
    expect(button().disabled).toBe(true);
  });

  it('shows importing meanwhile, then the outcome, and empties the input of an imported file', async () => {
    const answer = deferred<string>();
    const upload = jest.fn(() => answer.promise);
    const { user, button, input } = renderForm(upload);

    const file = csv();
    await user.upload(input(), file);
    expect(button().disabled).toBe(false);
    await user.click(button());

    expect(upload).toHaveBeenCalledWith(file);
    expect(button().textContent).toBe('Bezig met importeren...');
    expect(button().disabled).toBe(true);
    expect(input().disabled).toBe(true);

    answer.resolve('3 regels');
    expect((await screen.findByRole('status')).textContent).toBe('Gelukt: 3 regels');
    expect(button().textContent).toBe('Importeren');
    expect(input().files).toHaveLength(0);
    expect(button().disabled).toBe(true);
  });

  it('keeps a refused file for another try, and forgets the last outcome when it is sent again', async () => {
    const answer = deferred<string>();
    const upload = jest.fn().mockRejectedValueOnce('regel 3').mockReturnValueOnce(answer.promise);
    const { user, button, input } = renderForm(upload);

    await user.upload(input(), csv());
    await user.click(button());
    expect((await screen.findByRole('status')).textContent).toBe('Mislukt: regel 3');
    expect(button().disabled).toBe(false);

    await user.click(button());
    expect(screen.queryByRole('status')).toBeNull();
    answer.resolve('klaar');
    expect((await screen.findByRole('status')).textContent).toBe('Gelukt: klaar');
  });
});

describe('refused lines', () => {
  it("reads the answer's errors, passing over anything that is not a line with a message", () => {
    expect(lineErrorsOf([{ line: 3, message: 'Achternaam ontbreekt.' }, { line: '4', message: 'x' }, { line: 5 }, null])).toEqual([
      { line: 3, message: 'Achternaam ontbreekt.' },
    ]);
    expect(lineErrorsOf(undefined)).toEqual([]);
    expect(lineErrorsOf({ line: 1, message: 'x' })).toEqual([]);
  });

  it('lists each line with its reason, the number written the Dutch way', () => {
    render(
      <LineErrorList
        errors={[
          { line: 4, message: "Onbekend type 'fax'." },
          { line: 12345, message: 'Datum ontbreekt.' },
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Regel 4: Onbekend type 'fax'.",
      'Regel 12.345: Datum ontbreekt.',
    ]);
  });
});
