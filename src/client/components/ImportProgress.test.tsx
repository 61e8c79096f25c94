import { render, screen } from '@testing-library/react';
import { ImportProgress, importStep, timeLeftText, uploadStep } from './ImportProgress';

const checking = { phase: 'checking' as const, bytes_read: 40, bytes_total: 100, records_processed: 120_000, seconds_left: 12 };

describe('ImportProgress', () => {
  it('says how long is left in seconds under a minute, else in whole minutes', () => {
    expect(timeLeftText(12)).toBe('nog ongeveer 12 seconden');
    expect(timeLeftText(1)).toBe('nog ongeveer 1 seconde');
    expect(timeLeftText(0)).toBe('nog ongeveer 1 seconde');
    expect(timeLeftText(80)).toBe('nog ongeveer 1 minuut');
    expect(timeLeftText(100)).toBe('nog ongeveer 2 minuten');
    expect(timeLeftText(3 * 3600)).toBe('nog ongeveer 180 minuten');
  });

  it('shows the upload and the checking on the share done, the storing without one', () => {
    expect(uploadStep({ loaded: 45, total: 100 })).toEqual({ percent: 45, text: 'Bestand uploaden: 45 %' });
    expect(uploadStep({ loaded: 0, total: 0 })).toEqual({ percent: 0, text: 'Bestand uploaden: 0 %' });
    expect(importStep(checking)).toEqual({ percent: 40, text: 'Regels controleren: 120.000 verwerkt, nog ongeveer 12 seconden' });
    // 99,9 % is not yet 100 %.
    expect(importStep({ ...checking, seconds_left: null, bytes_read: 999, bytes_total: 1000 })).toEqual({ percent: 99, text: 'Regels controleren: 120.000 verwerkt' });
    expect(importStep({ ...checking, phase: 'storing' })).toEqual({ percent: null, text: 'Opslaan in de database…' });
  });

  it('names its bar and gives its value, or none while it moves without one', () => {
    const { rerender } = render(<ImportProgress label="Voortgang van de import" step={importStep(checking)} note="Je kunt deze pagina verlaten." />);
    const bar = screen.getByRole('progressbar', { name: 'Voortgang van de import' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('Regels controleren: 120.000 verwerkt, nog ongeveer 12 seconden');
    expect(screen.getByText('Je kunt deze pagina verlaten.')).toBeTruthy();

    rerender(<ImportProgress label="Voortgang van de import" step={importStep({ ...checking, phase: 'storing' })} />);
    expect(screen.getByRole('progressbar', { name: 'Voortgang van de import' }).getAttribute('aria-valuenow')).toBeNull();
    expect(screen.getByText('Opslaan in de database…')).toBeTruthy();
  });
});
