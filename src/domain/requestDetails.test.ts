import { detailLines } from './requestDetails';

describe('detailLines', () => {
  it('says what each kind asks for in Dutch, dates as dd-mm-jjjj', () => {
    expect(detailLines({ kind: 'block', details: { reason: 'stolen', note: 'In de trein.' }, outcome: null })).toEqual([
      { label: 'Reden', value: 'Gestolen' },
      { label: 'Toelichting', value: 'In de trein.' },
    ]);
    expect(detailLines({ kind: 'tariff_change', details: { article_id: 7, article_name: 'Zakelijk Plus', date: '2026-12-01' }, outcome: null })).toEqual([
      { label: 'Nieuw abonnement', value: 'Zakelijk Plus' },
      { label: 'Ingangsdatum', value: '01-12-2026' },
    ]);
    expect(
      detailLines({ kind: 'porting', details: { number: '0612345678', current_provider: 'Oude Provider', contract_number: 'C-1', date: '2027-01-15' }, outcome: null }),
    ).toEqual([
      { label: 'Telefoonnummer', value: '0612345678' },
      { label: 'Huidige aanbieder', value: 'Oude Provider' },
      { label: 'Contractnummer bij huidige aanbieder', value: 'C-1' },
      { label: 'Gewenste datum', value: '15-01-2027' },
    ]);
  });

  it('adds the new SIM once carried out', () => {
    expect(detailLines({ kind: 'new_sim', details: { sim_type: 'esim', email: 'a@b.nl' }, outcome: { sim_number: '8931040000000000999' } })).toEqual([
      { label: 'Soort simkaart', value: 'eSIM' },
      { label: 'E-mailadres', value: 'a@b.nl' },
      { label: 'Nieuw SIM nummer', value: '8931040000000000999' },
    ]);
  });
});
