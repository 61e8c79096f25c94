/**
 * A services form's address: adding an article or a service, editing one, the bulk services. On
 * its own, without dependencies, for the boot entry (startEarly.ts) as well as the routes.
 */
export const isServicesFormAddress = (pathname: string) => /^\/mijn-diensten\/.+\/(?:toevoegen|bewerken|bulkafnames|edit)\/?$/i.test(pathname);
