// The entry of modules/partners: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// Partner-site accounts, sealed at rest (docs/decisions/042); the profile shows them, the CLI sets them.
export { accountProblems, type PartnerAccount, PartnerAccounts, type SkippedAccount } from './accounts';
export { keyIdOf, PartnerKeyring } from './keyring';
export { profileOf } from './queries';
