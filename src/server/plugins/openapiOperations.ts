/**
 * How the API document names each call: its operationId is the name the portal's own client
 * gives the call (the RTK Query endpoint, verb+noun), its summary says in Dutch what it does, and
 * its tag is the folder of routes/ that holds it. Grouped by that folder; keys are
 * `METHOD /path` as under `/api` (docs/api.md, 'Paths and parameters'). Where one call serves several client endpoints
 * (getCompanies also answers the branch candidates and the staff dashboard's counts) the name
 * is the call's, not a screen's.
 *
 * A route that is not in this table still gets a name and a tag (operationOf), so the document
 * covers every route; an entry here only makes the name the portal's.
 */

interface Resource {
  /** Shown above the resource's calls in the viewer. */
  description: string;
  /** `METHOD /path` -> [operationId, summary]. */
  calls: Record<string, [string, string]>;
}

export const RESOURCES: Record<string, Resource> = {
  auth: {
    description: 'Inloggen, sessies, wachtwoord opnieuw instellen, rechten en beheren namens een ander bedrijf.',
    calls: {
      'POST /auth/login': ['login', 'Inloggen met e-mailadres en wachtwoord'],
      'POST /auth/login/two-factor': ['loginWithCode', 'Tweede stap van het inloggen: de code uit de authenticator-app of een herstelcode'],
      'POST /auth/refresh': ['refreshSession', 'Een nieuw toegangstoken met de refresh-cookie van de sessie'],
      'POST /auth/logout': ['logout', 'Uitloggen: de sessie eindigt'],
      'POST /auth/reset/request': ['requestPasswordReset', 'Een link om het wachtwoord opnieuw in te stellen aanvragen'],
      'POST /auth/reset': ['resetPassword', 'Een nieuw wachtwoord instellen met de link uit de e-mail'],
      'GET /auth/policies': ['getPolicies', 'De rechten van de ingelogde gebruiker'],
      'POST /auth/impersonate': ['impersonateCompany', 'Beheren namens een ander bedrijf: een token dat voor dat bedrijf handelt'],
      'POST /auth/impersonate/stop': ['stopImpersonation', 'Stoppen met beheren namens een ander bedrijf'],
    },
  },
  account: {
    description: 'Het eigen account van de ingelogde gebruiker (Mijn account).',
    calls: {
      'GET /account': ['getAccount', 'Het eigen account'],
      'PUT /account': ['editAccount', 'Naam en telefoonnummer van het eigen account wijzigen'],
      'PUT /account/password': ['changePassword', 'Het eigen wachtwoord wijzigen, met het huidige'],
      'POST /account/email': ['requestEmailChange', 'Een ander e-mailadres: een bevestigingslink naar het nieuwe adres'],
      'POST /account/email/confirm': ['confirmEmailChange', 'Het nieuwe e-mailadres bevestigen met de link'],
      'POST /account/email/cancel': ['cancelEmailChange', 'Een e-mailwijziging annuleren met de link aan het oude adres'],
      'GET /account/sessions': ['getAccountSessions', 'De actieve sessies (apparaten) van de gebruiker'],
      'DELETE /account/sessions': ['endAllSessions', 'Uitloggen op alle apparaten'],
      'DELETE /account/sessions/:id': ['endSession', 'Eén sessie beëindigen'],
      'GET /account/two-factor': ['getTwoFactor', 'Of tweestapsverificatie aan staat'],
      'POST /account/two-factor/setup': ['startTwoFactorSetup', 'Tweestapsverificatie instellen: geheim en QR-code'],
      'POST /account/two-factor/enable': ['enableTwoFactor', 'Tweestapsverificatie aanzetten met een eerste code'],
      'POST /account/two-factor/disable': ['disableTwoFactor', 'Tweestapsverificatie uitzetten'],
      'POST /account/two-factor/recovery-codes': ['renewRecoveryCodes', 'Tien nieuwe herstelcodes'],
    },
  },
  users: {
    description: 'Contactpersonen: de gebruikers van een bedrijf.',
    calls: {
      'GET /users/:id': ['getUser', 'Een gebruiker'],
      'GET /users': ['getContactPersons', 'De contactpersonen van het bedrijf'],
      'POST /users': ['addContactPerson', 'Een contactpersoon toevoegen'],
      'PUT /users/:id': ['editContactPerson', 'Een contactpersoon wijzigen'],
      'GET /users/activate/:id': ['sendActivationMail', 'De activatiemail (opnieuw) sturen'],
      'POST /users/:id/two-factor/reset': ['resetUserTwoFactor', 'Tweestapsverificatie van een gebruiker resetten (medewerkers)'],
    },
  },
  company: {
    description: 'Klantbedrijven.',
    calls: {
      'GET /company/:id': ['getCompany', 'Een bedrijf'],
      'GET /companies': ['getCompanies', 'Alle bedrijven'],
      'POST /company/register': ['addCompany', 'Een bedrijf toevoegen'],
      'PUT /company/:id': ['editCompany', 'Een bedrijf wijzigen, of alleen de einddatum zetten'],
      'PUT /company/:id/two-factor': ['editTwoFactorRequirement', 'Tweestapsverificatie verplicht stellen voor alle gebruikers van het bedrijf, of niet meer'],
      'DELETE /company/:id': ['deleteCompany', 'Een bedrijf verwijderen'],
    },
  },
  'parent-companies': {
    description: 'Hoofdbedrijven en hun vestigingen.',
    calls: {
      'GET /parent-companies': ['getParentCompanies', 'Alle hoofdbedrijven met hun vestigingen'],
      'POST /parent-companies': ['addParentCompany', 'Een hoofdbedrijf toevoegen'],
      'PUT /parent-companies/:id': ['editParentCompany', 'Een hoofdbedrijf wijzigen'],
      'DELETE /parent-companies/:id': ['deleteParentCompany', 'Een hoofdbedrijf verwijderen'],
      'POST /parent-companies/:id/add': ['addBranch', 'Een vestiging aan het hoofdbedrijf toevoegen'],
      'POST /parent-companies/:id/remove': ['removeBranch', 'Een vestiging uit het hoofdbedrijf halen'],
    },
  },
  'article-groups': {
    description: 'Artikelgroepen (categorieën) met hun velden en zichtbaarheid per bedrijf.',
    calls: {
      'GET /article-groups/visible': ['getVisibleArticleGroups', 'De artikelgroepen die het bedrijf ziet'],
      'GET /article-groups/count': ['getArticleGroupCounts', 'Het aantal afnames per zichtbare artikelgroep'],
      'GET /article-groups': ['getArticleGroups', 'Alle artikelgroepen'],
      'POST /article-groups': ['addArticleGroup', 'Een artikelgroep toevoegen'],
      'PUT /article-groups/:id': ['editArticleGroup', 'Een artikelgroep wijzigen'],
      'DELETE /article-groups/:id': ['deleteArticleGroup', 'Een artikelgroep verwijderen'],
    },
  },
  'billing-cycles': {
    description: 'Facturatiecycli: maandelijks, per kwartaal, per half jaar, jaarlijks.',
    calls: {
      'GET /billing-cycles': ['getBillingCycles', 'De facturatiecycli'],
    },
  },
  articles: {
    description: 'Artikelen van het bedrijf met hun afnames en prijshistorie.',
    calls: {
      'GET /articles': ['getArticles', 'De artikelen van het bedrijf, eventueel van één artikelgroep'],
      'GET /articles/:id': ['getArticle', 'Een artikel met zijn afnames, bulkafnames en prijshistorie'],
      'GET /articles/:id/services': ['getArticleServices', 'De afnames van een artikel in een periode'],
      'POST /articles/create': ['addArticle', 'Een artikel toevoegen'],
      'PUT /articles/:id': ['editArticle', 'Een artikel wijzigen'],
      'DELETE /articles/:id': ['deleteArticle', 'Een artikel verwijderen'],
    },
  },
  'bulk-services': {
    description: 'Bulkafnames: aantallen zonder eindgebruiker.',
    calls: {
      'POST /articles/:id/bulk-services': ['addBulkService', 'Bulkafnames toevoegen (positief aantal) of afmelden (negatief aantal)'],
      'DELETE /articles/:id/bulk-services/:bulkId': ['deleteBulkService', 'Een bulkmutatie verwijderen'],
    },
  },
  services: {
    description: 'Afnames: een artikel voor een eindgebruiker (of zonder gebruiker) vanaf een startdatum.',
    calls: {
      'PUT /services/create': ['addService', 'Een afname toevoegen'],
      'GET /services/:id': ['getService', 'Een afname'],
      'PUT /services/:id': ['editService', 'Een afname wijzigen of beëindigen'],
      'DELETE /services/:id/hard': ['deleteService', 'Een afname met haar geschiedenis verwijderen'],
    },
  },
  'puk-codes': {
    description: 'PUK-codes van simkaarten: de import van de provider en de code van een afname.',
    calls: {
      'POST /puk-codes/import': ['importPukCodes', 'PUK-codes importeren uit een CSV-bestand (medewerkers)'],
      'POST /services/:id/puk': ['showPuk', 'De PUK-code van een afname, na het wachtwoord (en de code)'],
    },
  },
  'end-users': {
    description: 'Eindgebruikers van het bedrijf en hun import.',
    calls: {
      'GET /end-users/all': ['getEndUsers', 'Eindgebruikers, eventueel gezocht en per venster'],
      'GET /end-users/count': ['getEndUserCount', 'Het aantal (gevonden) eindgebruikers'],
      'GET /end-users/:id': ['getEndUser', 'Een eindgebruiker met zijn afnames'],
      'PUT /end-users/:id': ['editEndUser', 'Een eindgebruiker wijzigen'],
      'POST /end-users/import': ['importEndUsers', 'Eindgebruikers importeren uit een CSV-bestand'],
      'GET /end-users/import/template': ['getEndUserTemplate', 'Het CSV-sjabloon voor de import'],
    },
  },
  costs: {
    description: 'Kosten per maand, per soort en per regel.',
    calls: {
      'GET /costs': ['getCosts', 'De kosten van een periode per facturatiecyclus, met verbruik'],
      'GET /costsbymonth': ['getCostsByMonth', 'De kosten per maand'],
      'GET /costs/forecast': ['getCostsForecast', 'De verwachte kosten van een maand'],
      'GET /costslinesmonthly': ['getCostLinesMonthly', 'De periodieke kostenregels'],
      'GET /costslinespartly': ['getCostLinesPartly', 'De kostenregels van nieuwe aansluitingen (deel van de maand)'],
      'GET /costslinessetup': ['getCostLinesSetup', 'De eenmalige kostenregels (set-up)'],
      'GET /costs/specification': ['downloadCostSpecification', 'De kostenspecificatie van een maand als PDF: de laatste definitieve versie, een bepaalde versie, of een voorlopige'],
      'GET /costs/specifications': ['getCostSpecificationVersions', 'De opgeslagen versies van de kostenspecificatie van een maand'],
      'POST /costs/specifications': ['correctCostSpecification', 'Een nieuwe versie van een definitieve kostenspecificatie, met de reden (medewerkers van de aanbieder)'],
      'GET /group/costs/specification': ['downloadGroupCostSpecification', 'De kostenspecificatie van de hele groep in een maand als PDF'],
      'GET /group/costs/specifications': ['getGroupCostSpecificationVersions', 'De opgeslagen versies van de kostenspecificatie van de groep in een maand'],
      'GET /costs/allocation/fields': ['getCostAllocationFields', 'De velden waarnaar de kosten verdeeld kunnen worden, en het gekozen veld'],
      'PUT /costs/allocation/field': ['chooseCostAllocationField', 'Het veld onthouden waarnaar het bedrijf de kosten verdeelt'],
      'GET /costs/allocation': ['getCostAllocation', 'De kosten van een maand per waarde van een veld (per kostenplaats)'],
      'GET /costs/allocation/afnames': ['getCostAllocationAfnames', 'De afnames achter één waarde, met hun kosten'],
      'GET /costs/allocation/download': ['downloadCostAllocation', 'De kosten per waarde als CSV of Excel'],
      'GET /group/costs/allocation/fields': ['getGroupCostAllocationFields', 'De velden waarnaar de kosten van de groep verdeeld kunnen worden'],
      'PUT /group/costs/allocation/field': ['chooseGroupCostAllocationField', 'Het veld onthouden waarnaar de kosten van de groep verdeeld worden'],
      'GET /group/costs/allocation': ['getGroupCostAllocation', 'De kosten van de groep in een maand per waarde van een veld'],
      'GET /group/costs/allocation/afnames': ['getGroupCostAllocationAfnames', 'De afnames van alle vestigingen achter één waarde'],
      'GET /group/costs/allocation/download': ['downloadGroupCostAllocation', 'De kosten van de groep per waarde als CSV of Excel'],
    },
  },
  'group-bundle': {
    description: 'De gedeelde databundel van het bedrijf.',
    calls: {
      'GET /costs/hasgroupbundle': ['getGroupBundleStatus', 'Of het bedrijf een groepsbundel heeft'],
      'GET /groupbundlecosts': ['getGroupBundle', 'Bundelgrootte en verbruik van een maand'],
      'GET /costs/groupbundle/usage': ['getGroupBundleUsage', 'Het bundelverbruik per nummer in een maand'],
      'GET /costs/groupbundle/recalculate': ['recalculateGroupBundle', 'De bundelcijfers van een maand herberekenen'],
    },
  },
  group: {
    description: 'Het groepsoverzicht van een hoofdbedrijf over zijn vestigingen.',
    calls: {
      'GET /group/costs': ['getGroupCosts', 'De kosten van elke vestiging van het hoofdbedrijf in een maand'],
      'GET /group/costs/download': ['downloadGroupCosts', 'Het groepsoverzicht als CSV of Excel'],
      'GET /group/branches': ['getGroupBranches', 'De vestigingen van het hoofdbedrijf, en welke de gebruiker mag beheren'],
      'GET /group/branches/:company_id/costs': ['getBranchCosts', 'De kosten van één vestiging in een periode, alleen lezen (zoals GET /costs)'],
      'GET /group/branches/:company_id/costslinesmonthly': ['getBranchCostLinesMonthly', 'De periodieke kostenregels van één vestiging, alleen lezen'],
      'GET /group/branches/:company_id/costslinespartly': ['getBranchCostLinesPartly', 'De kostenregels van nieuwe aansluitingen van één vestiging, alleen lezen'],
      'GET /group/branches/:company_id/costslinessetup': ['getBranchCostLinesSetup', 'De eenmalige kostenregels (set-up) van één vestiging, alleen lezen'],
    },
  },
  report: {
    description: 'Verbruiksrapportage en de facturatie-export.',
    calls: {
      'GET /report': ['getReport', 'Het verbruik per nummer in een periode'],
      'GET /report/summary': ['getReportSummary', 'Aantal nummers en totaalbedrag van het verbruiksrapport'],
      'GET /report/download': ['downloadReport', 'Het verbruiksrapport als CSV of Excel'],
      'GET /report/:userId/:phoneNumber': ['getReportRecords', 'De verbruiksregels van één nummer'],
      'GET /report/:userId/:phoneNumber/download': ['downloadRecords', 'De verbruiksregels van één nummer als CSV of Excel'],
      'GET /report/export': ['exportCostsBilling', 'De facturatie-input van het bedrijf als CSV of Excel'],
      'GET /report/export/all': ['exportBilling', 'De facturatie-input van alle klanten als CSV of Excel'],
    },
  },
  usage: {
    description: 'Import van verbruiksgegevens (CDR).',
    calls: {
      'POST /usage/import': ['importUsage', 'Verbruiksregels importeren uit een CSV-bestand (met Prefer: respond-async als taak)'],
      'GET /usage/imports': ['getUsageImports', 'De imports: lopend, klaar en mislukt'],
      'GET /usage/imports/:id': ['getUsageImport', 'Eén import, met de voortgang van een lopende'],
      'GET /usage/unmatched': ['getUnmatchedNumbers', 'Nummers uit imports zonder afname'],
      'POST /usage/unmatched/attach': ['attachUnmatchedNumber', 'De apart gezette verbruiksregels van een nummer koppelen'],
    },
  },
  search: {
    description: 'Zoeken in artikelen, eindgebruikers, afnames en vrije velden.',
    calls: {
      'GET /search': ['getSearchResults', 'Zoeken op een term'],
    },
  },
  'audit-log': {
    description: 'Het wijzigingslogboek van het bedrijf.',
    calls: {
      'GET /audit-log': ['getAuditLog', 'Een pagina van het wijzigingslogboek'],
    },
  },
  alerts: {
    description: 'Meldingen over de bundel, kosten buiten de bundel en verbruik per nummer.',
    calls: {
      'GET /alerts/settings': ['getAlertSettings', 'De instellingen van de meldingen'],
      'PUT /alerts/settings': ['editAlertSettings', 'De instellingen van de meldingen wijzigen'],
      'GET /alerts/sent': ['getSentAlerts', 'De verstuurde meldingen'],
    },
  },
  requests: {
    description:
      'Aanvragen van het bedrijf aan de provider (blokkeren, een nieuwe simkaart, een ander abonnement, een nummer overzetten, een vraag), en de wachtrij waarin de provider ze uitvoert.',
    calls: {
      'GET /requests': ['getRequests', 'Een pagina van de aanvragen van het bedrijf, nieuwste eerst'],
      'POST /requests': ['addRequest', 'Een aanvraag doen (met Idempotency-Key: één aanvraag, hoe vaak ook verstuurd)'],
      'GET /requests/settings': ['getRequestSettings', 'Of aanvragen van het bedrijf goedkeuring vereisen'],
      'PUT /requests/settings': ['editRequestSettings', 'Instellen of aanvragen van het bedrijf goedkeuring vereisen'],
      'GET /requests/:id': ['getRequest', 'Een aanvraag met haar afname, verloop en de stappen die je nu kunt nemen'],
      'POST /requests/:id/withdraw': ['withdrawRequest', 'De eigen aanvraag intrekken'],
      'POST /requests/:id/approve': ['approveRequest', 'De aanvraag van een collega goedkeuren'],
      'POST /requests/:id/reject': ['rejectRequest', 'De aanvraag van een collega afwijzen, met een reden'],
      'POST /requests/:id/messages': ['addRequestMessage', 'Een bericht bij een aanvraag'],
      // The provider's queue: the requests of every company.
      'GET /request-queue': ['getRequestQueue', 'Een pagina van de wachtrij: open aanvragen, blokkeringen eerst, dan de oudste'],
      'GET /request-queue/summary': ['getRequestQueueSummary', 'De cijfers van de wachtrij voor het dashboard'],
      'GET /request-queue/:id': ['getQueuedRequest', 'Een aanvraag uit de wachtrij'],
      'GET /request-queue/:id/articles': ['getQueuedRequestArticles', 'De artikelen waaruit de behandelaar kiest bij het uitvoeren van een nummerbehoud'],
      'POST /request-queue/:id/pick-up': ['pickUpRequest', 'Een aanvraag oppakken (ook overnemen van een collega)'],
      'POST /request-queue/:id/carry-out': ['carryOutRequest', 'Een aanvraag uitvoeren'],
      'POST /request-queue/:id/reject': ['rejectQueuedRequest', 'Een aanvraag afwijzen, met een reden'],
      'POST /request-queue/:id/messages': ['addQueuedRequestMessage', 'Een bericht aan de klant bij een aanvraag'],
    },
  },
  support: {
    description: 'Contactgegevens van support.',
    calls: {
      'GET /support': ['getSupportContact', 'Telefoonnummer en e-mailadres van support'],
    },
  },
};

/** Files of an upload call: its multipart field (docs/usage.md, 'Import'; docs/api.md, 'What the document says'). */
export const UPLOAD_FIELDS: Record<string, string> = {
  'POST /usage/import': 'usage',
  'POST /end-users/import': 'data',
  'POST /puk-codes/import': 'file',
};

export interface OperationName {
  operationId: string;
  summary: string;
  tag: string;
}

const NAMES = new Map(
  Object.entries(RESOURCES).flatMap(([tag, { calls }]) =>
    Object.entries(calls).map(([key, [operationId, summary]]) => [key, { operationId, summary, tag }] as const),
  ),
);

/**
 * The name, summary and tag of the call `method path` (path as under /api, with `:name` parameters).
 * Every call of the app is in RESOURCES (openapi.test.ts checks it), so a new route gets its name
 * in the portal's words there.
 */
export const operationOf = (method: string, path: string): OperationName => {
  const name = NAMES.get(`${method} ${path}`);
  if (!name) throw new Error(`openapiOperations.ts names no call ${method} ${path}: add it to RESOURCES.`);
  return name;
};
