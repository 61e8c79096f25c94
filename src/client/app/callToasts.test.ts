import { legacy_configureStore as configureMockStore } from 'redux-mock-store';
import type { UnknownAction } from '@reduxjs/toolkit';
import { MSG } from '../../domain/messages';
import { currentUserApi } from '../api/currentUserApi';
import { activationMailApi } from '../api/activationMailApi';
import { catalogApi } from '../api/catalogApi';
import { callToasts } from '../base/callToasts';
import { startImpersonation } from '../base/session';
import { endpointToastsClosed, toastQueued } from '../base/toastsSlice';
import { adminApi } from '../features/admin/adminApi';
import { authApi } from '../features/auth/authApi';
import { companyApi } from '../features/company/companyApi';
import { costsApi } from '../features/costs/costsApi';
import { dashboardApi } from '../features/dashboard/dashboardApi';
import { servicesApi } from '../features/services/servicesApi';
import { usageApi } from '../features/usage/usageApi';

/**
 * The toasts of the whole portal: the middleware with every endpoint's declared toasts (importing
 * an endpoints file declares its toasts, as it does when its screens load).
 */
const portalEndpoints = {
  ...currentUserApi.endpoints,
  ...activationMailApi.endpoints,
  ...catalogApi.endpoints,
  ...authApi.endpoints,
  ...adminApi.endpoints,
  ...companyApi.endpoints,
  ...costsApi.endpoints,
  ...dashboardApi.endpoints,
  ...servicesApi.endpoints,
  ...usageApi.endpoints,
};
type EndpointName = keyof typeof portalEndpoints;

// redux-mock-store's types still describe Redux 4 middleware; the runtime contract is the same.
type MockStoreMiddleware = NonNullable<Parameters<typeof configureMockStore>[0]>[number];
const mockStore = configureMockStore([callToasts as unknown as MockStoreMiddleware]);

/** An RTK Query answer as the api's thunks dispatch it. */
const settled = (
  kind: 'Query' | 'Mutation',
  endpointName: EndpointName,
  outcome: { rejectedWith: unknown } | { fulfilledWith: unknown },
  originalArgs: unknown = undefined,
): UnknownAction => {
  const arg = { type: kind.toLowerCase(), endpointName, originalArgs };
  return 'rejectedWith' in outcome
    ? {
        type: `api/execute${kind}/rejected`,
        payload: outcome.rejectedWith,
        error: { message: 'Rejected' },
        meta: { arg, requestId: 'r1', requestStatus: 'rejected', rejectedWithValue: true, aborted: false, condition: false },
      }
    : {
        type: `api/execute${kind}/fulfilled`,
        payload: outcome.fulfilledWith,
        meta: { arg, requestId: 'r1', requestStatus: 'fulfilled', fulfilledTimeStamp: 1, baseQueryMeta: {} },
      };
};

const toastsAfter = (action: UnknownAction) => {
  const store = mockStore({});
  store.dispatch(action);
  return store.getActions().filter(toastQueued.match).map(({ payload }) => {
    const { id: _id, ...toast } = payload;
    return toast;
  });
};

/** A failed mutation, with the server's message when it sent one. */
const failure = (endpointName: EndpointName, status: number | string, message?: string) =>
  settled('Mutation', endpointName, { rejectedWith: { status, data: message === undefined ? {} : { message } } });

const messagesAfter = (action: UnknownAction) => toastsAfter(action).map(({ message }) => message);

describe('error toasts', () => {
  it('keeps an expired reset link on screen until closed', () => {
    const action = failure('resetPassword', 401, 'Token timed out');
    expect(toastsAfter(action)).toEqual([{ message: MSG.resetTimedOut, variant: 'error', autoHideDuration: null }]);
  });

  it('names an invalid reset token, and shows other reset errors with the server message', () => {
    const invalid = failure('resetPassword', 401, 'Invalid token');
    expect(toastsAfter(invalid)).toEqual([{ message: MSG.resetInvalidToken, variant: 'error', autoHideDuration: null }]);

    const short = failure('resetPassword', 400, 'Te kort.');
    expect(toastsAfter(short)).toEqual([{ message: 'Er ging iets mis: Te kort.', variant: 'error', autoHideDuration: null }]);
  });

  it('confirms a reset request with the address, and reports its failure', () => {
    const sent = settled('Mutation', 'requestPasswordReset', { fulfilledWith: { message: 'ok' } }, { email: 'a@b.nl' });
    expect(toastsAfter(sent)).toEqual([{ message: 'Een email is verzonden naar a@b.nl.', variant: 'success', autoHideDuration: 5000 }]);

    const failed = failure('requestPasswordReset', 400, 'x');
    expect(toastsAfter(failed)).toEqual([{ message: MSG.forgotFailure, variant: 'error', autoHideDuration: 5000 }]);
  });

  it('reports a failed initial load for 5 seconds, but not a 401 (the session has ended)', () => {
    const failed = settled('Query', 'getPolicies', { rejectedWith: { status: 500, data: { message: 'boom' } } });
    expect(toastsAfter(failed)).toEqual([{ message: MSG.initialLoadFailed, variant: 'error', autoHideDuration: 5000 }]);

    const offline = settled('Query', 'getVisibleArticleGroups', { rejectedWith: { status: 'FETCH_ERROR', error: 'offline' } });
    expect(toastsAfter(offline)).toHaveLength(1);

    const expired = settled('Query', 'getUser', { rejectedWith: { status: 401, data: { message: 'Niet ingelogd.' } } });
    expect(toastsAfter(expired)).toEqual([]);
  });

  it('adds the support code of a server fault (5xx) under the message, and none to a refusal', () => {
    const fault = settled('Query', 'getPolicies', { rejectedWith: { status: 500, data: { message: 'x', request_id: '9b2f0c1e-77aa' } } });
    expect(toastsAfter(fault)).toEqual([
      { message: MSG.initialLoadFailed, variant: 'error', autoHideDuration: 5000, detail: 'Foutcode voor support: 9b2f0c1e-77aa' },
    ]);
    const away = settled('Query', 'getPolicies', { rejectedWith: { status: 503, data: { message: MSG.databaseUnavailable, request_id: 'c0ffee00-1' } } });
    expect(toastsAfter(away)[0].detail).toBe('Foutcode voor support: c0ffee00-1');
    const refused = settled('Query', 'getPolicies', { rejectedWith: { status: 404, data: { message: 'x', request_id: 'abc12345' } } });
    expect(toastsAfter(refused)[0].detail).toBeUndefined();
  });

  it('only logs other failed calls, and leaves a failed login to the form', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = settled('Query', 'getArticleGroupCounts', { rejectedWith: { status: 500, data: { message: 'boom' } } });
    expect(toastsAfter(other)).toEqual([]);
    expect(warn).toHaveBeenCalledWith('getArticleGroupCounts failed', { status: 500, data: { message: 'boom' } });

    const login = failure('login', 401, MSG.loginFailed);
    expect(toastsAfter(login)).toEqual([]);
    warn.mockRestore();
  });

  it('reports a refused impersonation as an unknown error', () => {
    const refused = startImpersonation.rejected(null, 'r1', { companyId: 33, reason: 'Controle' }, 'refused');
    expect(toastsAfter(refused)).toEqual([{ message: MSG.unknownError, variant: 'error', autoHideDuration: 5000 }]);
  });
  it('confirms every success, with the name of a removed customer', () => {
    const done = (endpointName: EndpointName, originalArgs?: unknown) =>
      messagesAfter(settled('Mutation', endpointName, { fulfilledWith: null }, originalArgs));
    expect(done('recalculateGroupBundle')).toEqual(['De groepsbundel is herberekend.']);
    expect(done('removeBranch')).toEqual([MSG.branchRemoved]);
    expect(done('importEndUsers')).toEqual([MSG.importSuccess]);
    expect(done('deleteCompany', { id: 7, name: 'Bakkerij De Korenschoof' })).toEqual(["'Bakkerij De Korenschoof' succesvol verwijderd."]);
    expect(toastsAfter(settled('Mutation', 'deleteBulkService', { fulfilledWith: null }))).toEqual([
      { message: MSG.bulkDeleted, variant: 'success', autoHideDuration: 5000 },
    ]);
  });

  it('confirms every save, end, delete, import and activation mail (no success is silent)', () => {
    const done = (endpointName: EndpointName, originalArgs?: unknown) =>
      toastsAfter(settled('Mutation', endpointName, { fulfilledWith: null }, originalArgs));
    const named = { name: 'Elektro Noord' };
    const expected: [EndpointName, unknown, string][] = [
      ['addCompany', named, "'Elektro Noord' succesvol toegevoegd."],
      ['editCompany', named, "'Elektro Noord' succesvol opgeslagen."],
      ['endCompany', { id: 7, name: 'Elektro Noord', end_time: Date.parse('2026-09-30T12:00:00+02:00') / 1000 }, "'Elektro Noord' is beëindigd per 30-09-2026."],
      ['endCompany', { id: 7, name: 'Elektro Noord', end_time: null }, "'Elektro Noord' is niet meer beëindigd."],
      ['addParentCompany', named, "Hoofdbedrijf 'Elektro Noord' succesvol toegevoegd."],
      ['editParentCompany', named, "Hoofdbedrijf 'Elektro Noord' succesvol opgeslagen."],
      ['deleteParentCompany', 3, 'Hoofdbedrijf succesvol verwijderd.'],
      ['addArticleGroup', { name: 'Mobiel' }, "Artikelgroep 'Mobiel' succesvol toegevoegd."],
      ['editArticleGroup', { name: 'Mobiel' }, "Artikelgroep 'Mobiel' succesvol opgeslagen."],
      ['deleteArticleGroup', 3, 'Artikelgroep succesvol verwijderd.'],
      ['addArticle', { name: 'Zakelijk Mobiel' }, "Artikel 'Zakelijk Mobiel' succesvol toegevoegd."],
      ['editArticle', { name: 'Zakelijk Mobiel' }, "Artikel 'Zakelijk Mobiel' succesvol opgeslagen."],
      ['deleteArticle', 4, 'Artikel succesvol verwijderd.'],
      ['addService', undefined, 'Afname succesvol toegevoegd.'],
      ['editService', undefined, 'Afname succesvol opgeslagen.'],
      ['addBulkService', undefined, 'Bulkafname toegevoegd.'],
      ['addContactPerson', { firstname: 'Bram', lastname: 'de Boer' }, "Contactpersoon 'Bram de Boer' succesvol toegevoegd."],
      ['editContactPerson', { firstname: 'Bram', lastname: 'de Boer' }, "Contactpersoon 'Bram de Boer' succesvol opgeslagen."],
      ['addBranch', undefined, 'Vestiging succesvol toegevoegd aan hoofdbedrijf.'],
      ['resetPassword', undefined, 'Je wachtwoord is ingesteld.'],
      ['sendActivationMail', { id: 5, firstname: 'Anna', lastname: 'van Dijk', email: 'klant@demo.nl' }, 'Email verzonden naar klant@demo.nl.'],
    ];
    for (const [endpoint, args, message] of expected) {
      expect([endpoint, done(endpoint, args)]).toEqual([endpoint, [{ message, variant: 'success', autoHideDuration: 5000 }]]);
    }
    // The screen's own modal ('Gelukt!') confirms a deleted service; a toast would say it twice.
    expect(done('deleteService', { id: 1, articleId: 2 })).toEqual([]);
  });

  it("closes an endpoint's error toasts when it is called again, and only that endpoint's", () => {
    const pending = (endpointName: EndpointName): UnknownAction => ({
      type: 'api/executeMutation/pending',
      meta: { arg: { type: 'mutation', endpointName, originalArgs: undefined }, requestId: 'r2', requestStatus: 'pending' },
    });
    const withToastOf = (endpoint: string) =>
      mockStore({ toasts: [{ id: 't1', message: MSG.phoneNumberTaken, variant: 'error', autoHideDuration: 5000, endpoint, shown: true }] });

    const retried = withToastOf('addService');
    retried.dispatch(pending('addService'));
    expect(retried.getActions().filter(endpointToastsClosed.match).map(({ payload }) => payload)).toEqual(['addService']);

    const succeeded = withToastOf('editService');
    succeeded.dispatch(settled('Mutation', 'editService', { fulfilledWith: null }));
    expect(succeeded.getActions().filter(endpointToastsClosed.match).map(({ payload }) => payload)).toEqual(['editService']);

    const other = withToastOf('addService');
    other.dispatch(pending('addBulkService'));
    expect(other.getActions().filter(endpointToastsClosed.match)).toEqual([]);
  });

  it('ties a failure toast to its endpoint, so that its next call can close it', () => {
    const store = mockStore({});
    store.dispatch(failure('addService', 500));
    expect(store.getActions().filter(toastQueued.match).map(({ meta }) => meta)).toEqual([{ endpoint: 'addService' }]);
    const succeeded = mockStore({});
    succeeded.dispatch(settled('Mutation', 'addService', { fulfilledWith: null }));
    expect(succeeded.getActions().filter(toastQueued.match).map(({ meta }) => meta)).toEqual([{ endpoint: undefined }]);
  });

  it('reports a failed service save as the taken phone number, and the bulk failures in their words', () => {
    expect(messagesAfter(failure('addService', 409, 'Telefoonnummer bestaat al.'))).toEqual([MSG.phoneNumberTaken]);
    expect(messagesAfter(failure('editService', 500))).toEqual([MSG.phoneNumberTaken]);
    expect(messagesAfter(failure('addBulkService', 400, 'x'))).toEqual([MSG.bulkNotEnough]);
    expect(messagesAfter(failure('deleteBulkService', 500))).toEqual([MSG.bulkDeleteFailed]);
  });

  it("shows a billed month's and another customer's number's refusal as the server words them", () => {
    for (const endpoint of ['addService', 'editService', 'deleteService', 'addBulkService', 'deleteBulkService'] as const) {
      expect(messagesAfter(failure(endpoint, 409, MSG.closedMonth))).toEqual([MSG.closedMonth]);
    }
    expect(messagesAfter(failure('addService', 409, MSG.phoneNumberTakenElsewhere))).toEqual([MSG.phoneNumberTakenElsewhere]);
    expect(messagesAfter(failure('editService', 409, MSG.phoneNumberTakenElsewhere))).toEqual([MSG.phoneNumberTakenElsewhere]);
    // Any other refusal keeps the call's fixed text (docs/screens.md, 'Toasts').
    expect(messagesAfter(failure('deleteBulkService', 409, MSG.bulkNotEnough))).toEqual([MSG.bulkDeleteFailed]);
  });

  it('shows an end-user import refusal as the server wrote it for 10 seconds, or that nothing was imported', () => {
    expect(toastsAfter(failure('importEndUsers', 400, 'Regel 3: achternaam ontbreekt.'))).toEqual([
      { message: 'Regel 3: achternaam ontbreekt.', variant: 'error', autoHideDuration: 10000 },
    ]);
    expect(messagesAfter(failure('importEndUsers', 'FETCH_ERROR'))).toEqual([MSG.importNoResponse]);
    expect(messagesAfter(failure('importEndUsers', 500))).toEqual([MSG.importNoResponse]);
  });

  it('reports the parent company and branch calls as an unknown error', () => {
    for (const name of ['addBranch', 'removeBranch', 'addParentCompany', 'editParentCompany', 'deleteParentCompany'] as const) {
      expect(messagesAfter(failure(name, 500, 'boom'))).toEqual([MSG.unknownError]);
    }
  });

  it('reports a taken contact e-mail address, other contact failures generally', () => {
    for (const name of ['addContactPerson', 'editContactPerson'] as const) {
      expect(messagesAfter(failure(name, 409, 'x'))).toEqual([MSG.emailTaken]);
      expect(messagesAfter(failure(name, 500))).toEqual([MSG.initialLoadFailed]);
    }
  });

  it('reports a taken customer or company number, and the server’s words otherwise', () => {
    expect(messagesAfter(failure('addCompany', 409))).toEqual([MSG.customerNumberTaken]);
    expect(messagesAfter(failure('addCompany', 409, 'Het emailadres is al geregistreerd.'))).toEqual(['Het emailadres is al geregistreerd.']);
    expect(messagesAfter(failure('addCompany', 400, 'Postcode ongeldig.'))).toEqual(['Postcode ongeldig.']);
    expect(messagesAfter(failure('editCompany', 409))).toEqual([MSG.companyNumberTaken]);
    expect(messagesAfter(failure('editCompany', 500))).toEqual([MSG.initialLoadFailed]);
    expect(messagesAfter(failure('deleteCompany', 500, 'boom'))).toEqual([MSG.removeClientFailed]);
  });

  it('shows an article group conflict in the server’s words, other group failures as unknown', () => {
    for (const name of ['addArticleGroup', 'editArticleGroup', 'deleteArticleGroup'] as const) {
      expect(messagesAfter(failure(name, 409, 'Deze artikelgroep heeft nog artikelen.'))).toEqual(['Deze artikelgroep heeft nog artikelen.']);
      expect(messagesAfter(failure(name, 500, 'boom'))).toEqual([MSG.unknownError]);
    }
  });

  it('shows the refusals of the export, mail and end-of-contract calls as the server wrote them', () => {
    for (const name of ['endCompany', 'sendActivationMail', 'exportBilling', 'getEndUserTemplate', 'exportCostsBilling', 'downloadReport'] as const) {
      expect(messagesAfter(failure(name, 400, 'Geen gegevens in deze periode.'))).toEqual(['Geen gegevens in deze periode.']);
      expect(messagesAfter(failure(name, 500))).toEqual([MSG.initialLoadFailed]);
    }
  });

  it('leaves a 401 of any of these to the session', () => {
    expect(messagesAfter(failure('addService', 401, 'Niet ingelogd.'))).toEqual([]);
    expect(messagesAfter(failure('exportBilling', 401))).toEqual([]);
  });
});
