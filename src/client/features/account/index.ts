/* The signed-in user's own records as other features see them. */
export { ownProfileSlice, ownCustomerRequested, selectOwnCustomer, selectOwnWorkshop, type OwnCustomer } from './ownProfile';
export { useOwnCustomer, useOwnWorkshop, useUserLanguage } from './hooks';
export { LanguageCard, LanguageMenu } from './LanguageMenu';
export { languageChosen, selectLanguage } from './language';
export { AccountPanel } from './AccountPanel';
export { PasswordChangeForm } from './PasswordChangeForm';
