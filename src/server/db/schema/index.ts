export * from './companies';
export * from './users';
export * from './catalogue';
export * from './bundle';
export * from './audit';
export * from './usage';
export * from './alerts';
export * from './requests';
