import { actionText, subjectText } from './auditLogText';

describe('the Wijzigingslog in Dutch', () => {
  it("names every step of a request, and the request as 'Aanvraag {id}'", () => {
    expect(
      ['create', 'approve', 'reject_approval', 'withdraw', 'pick_up', 'carry_out', 'reject', 'message'].map((step) => actionText(`request.${step}`)),
    ).toEqual(['Aangevraagd', 'Goedgekeurd', 'Afgewezen (goedkeuring)', 'Ingetrokken', 'Opgepakt', 'Uitgevoerd', 'Afgewezen', 'Bericht']);
    expect(subjectText({ entity: 'request', entity_id: '12', subject_name: null, changes: { kind: 'block' } })).toBe('Aanvraag 12');
  });

  it('names a PUK view and the approval setting, and falls back to the verb', () => {
    expect(actionText('service.puk_viewed')).toBe('PUK-code bekeken');
    expect(actionText('company.requests_need_approval')).toBe("'Aanvragen vereisen goedkeuring' gewijzigd");
    expect(actionText('article.update', { closed_month: true })).toBe('Gewijzigd (gefactureerde maand)');
  });
});
