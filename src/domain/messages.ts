/** Every Dutch text of the portal, verbatim, in one place (docs/screens.md, 'Messages'). */
export const MSG = {
  // Auth
  loginFailed: 'E-mail adres of wachtwoord incorrect. Probeer het opnieuw.',
  /** docs/screens.md, 'Logging in and out': the login page reached from a portal address without a session. */
  sessionExpiredLogin: 'Je sessie is verlopen. Log opnieuw in.',
  /** The dialog over the page when the session has ended. */
  sessionExpiredTitle: 'Je sessie is verlopen',
  /** The dialog 5 minutes before the session ends for idleness. */
  idleWarningTitle: 'Je wordt over 5 minuten uitgelogd',
  /** A rate limit's answer (429): the login's, the reset's and the plugin's. */
  tooManyAttempts: 'Te veel pogingen. Probeer het later opnieuw.',
  /** The database is restarting or unreachable (503 with Retry-After): a retry in a few seconds will do. */
  databaseUnavailable: 'De gegevens zijn even niet bereikbaar. Probeer het over enkele seconden opnieuw.',
  resetTimedOut: 'De link is verlopen. Neem contact op met uw account manager.',
  resetInvalidToken: 'Het toegewezen token is niet geldig. Neem contact op met uw account manager.',
  resetOther: (serverMessage: string) => `Er ging iets mis: ${serverMessage}`,
  forgotSuccess: (email: string) => `Een email is verzonden naar ${email}.`,
  forgotFailure: 'Er is een fout opgetreden. Controleer het emailadres en probeer het later opnieuw.',
  initialLoadFailed: 'Er is een fout opgetreden. Probeer het later opnieuw.',
  // Two-factor login
  twoFactorCodeWrong: 'Code onjuist. Probeer het opnieuw.',
  /** The challenge of the password step has run out (5 minutes): the password again. */
  twoFactorChallengeExpired: 'Deze inlogpoging is verlopen. Log opnieuw in.',
  twoFactorSetupFirst: 'Stel eerst tweestapsverificatie in.',
  twoFactorRequired: 'Tweestapsverificatie is verplicht voor je account en kan niet uit.',
  twoFactorAlreadyOn: 'Tweestapsverificatie staat al aan.',
  twoFactorNotStarted: 'Begin eerst opnieuw met instellen.',
  twoFactorOff: 'Tweestapsverificatie staat uit.',
  twoFactorToActFor: 'Dit bedrijf vereist tweestapsverificatie. Zet die eerst aan voor je eigen account (Mijn account) om het te beheren.',
  twoFactorOwnFirst: 'Zet eerst tweestapsverificatie aan voor je eigen account (Mijn account).',
  passwordWrong: 'Wachtwoord onjuist.',
  // Layout
  searchPlaceholder: 'Zoek product of service',
  impersonationBanner: (company: string) => `Je beheert nu ${company}. Stop met beheren.`,
  impersonationPrefix: (company: string) => `Je beheert nu ${company}.`,
  impersonationStop: 'Stop met beheren.',
  // docs/permissions.md, 'Managing a company': managing a company takes a reason and ends by itself after an hour.
  impersonationUntil: (company: string, time: string) => `Je beheert nu ${company} tot ${time}.`,
  impersonationExpired: (company: string) => `Het beheren van ${company} is na een uur beëindigd.`,
  impersonationReasonRequired: 'Geef een reden op.',
  impersonationReasonLength: 'Geef een reden op van 3 tot 500 tekens, met minstens 3 letters of cijfers.',
  unknownError: 'Een onbekende fout is opgetreden.',
  // Articles
  articleNameRequired: "Veld 'Artikelnaam' is verplicht.",
  articleDescriptionRequired: "Veld 'Omschrijving' is verplicht",
  // Services
  phoneNumberTaken: 'Telefoonnummer is al geregistreerd binnen dit bedrijf.',
  // docs/rules.md, 'Phone numbers are global': never more than this about the other company.
  phoneNumberTakenElsewhere: 'Dit telefoonnummer is in gebruik bij een andere klant. Neem contact op met je accountmanager.',
  // docs/rules.md, 'Billed months are closed': the customer's refusal of a change to a billed month.
  closedMonth: 'Deze wijziging raakt een maand die al gefactureerd is. Neem contact op met je accountmanager.',
  deleteSuccessTitle: 'Gelukt!',
  deleteSuccessBody: 'Het verwijderen is gelukt.',
  deleteFailureTitle: 'Whoops!',
  deleteFailureBody: 'Oeps er iets is misgegaan.',
  noUser: '<Geen gebruiker>',
  showHistoric: 'Toon Historische Afnames',
  // Bulk services
  bulkNotEnough: 'Er zijn niet genoeg afnames om te verwijderen.',
  bulkDeleteFailed: 'Er is iets fout gegaan.',
  bulkDeleted: 'Bulkafname verwijderd.',
  // End user import
  importSuccess: 'De data is succesvol geïmporteerd.',
  /** An upload over the size limit (413). */
  fileTooLarge: 'Het bestand is te groot.',
  importNoResponse: 'Een onbekende fout is opgetreden. Er is geen data geïmporteerd.',
  // Companies
  companyAllRequired: 'Alle velden zijn verplicht',
  companyContactRequired:
    "Velden 'Voornaam', 'Achternaam', 'SAP klantnummer' en 'E-mailadres' zijn verplicht.",
  customerNumberTaken: 'Het klantnummer is al geregistreerd.',
  companyNumberTaken: 'Bedrijfsnummer al in gebruik.',
  removeClientFailed: 'Er is iets fout gegaan.',
  removeClientSuccess: (name: string) => `'${name}' succesvol verwijderd.`,
  // Users
  firstnameRequired: "Veld 'Voornaam' is verplicht.",
  lastnameRequired: "Veld 'Achternaam' is verplicht.",
  emailRequired: "Veld 'E-mailadres' is verplicht.",
  emailInvalid: "'E-mailadres' veld is niet correct ingevoerd",
  emailTaken: 'Het emailadres is al geregistreerd.',
  emailChangedByOwner: 'Het e-mailadres wijzigt de gebruiker zelf via Mijn account.',
  // Parent companies and branches
  selectBranch: 'Selecteer een vestiging',
  parentNameRequired: "Veld 'Naam' is verplicht.",
  branchRemoved: 'Vestiging succesvol verwijderd uit hoofdbedrijf.',
  // Activation
  activationSending: 'Aan het versturen...',
  activationSent: 'Email verzonden',
  activationNoUser: 'Geen gebruiker gekoppeld',
  // Search
  searchNoTerm: 'Geen zoekterm opgegeven',
  searchNoResults: 'Geen resultaten gevonden.',
  loading: 'Laden...',
} as const;

/** docs/screens.md, 'Toasts': toast durations. */
export const TOAST_MS = { default: 5000, importError: 10000 } as const;

/** docs/screens.md, 'Logging in and out': a token expiring within this window is refreshed. */
export const TOKEN_REFRESH_WINDOW_SECONDS = 10 * 60;

/** docs/rules.md, 'Tokens and sessions': a session ends after 12 hours, or after 1 hour without a refresh. */
export const SESSION_MAX_SECONDS = 12 * 60 * 60;
export const SESSION_IDLE_SECONDS = 60 * 60;
