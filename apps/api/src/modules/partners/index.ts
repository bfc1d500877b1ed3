export { accountProblems, type PartnerAccount, PartnerAccounts, type SkippedAccount } from './accounts';
export { keyIdOf, PartnerKeyring } from './keyring';
export { profileOf } from './queries';
