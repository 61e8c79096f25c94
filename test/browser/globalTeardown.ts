export { globalTeardown as default } from './globalSetup';
