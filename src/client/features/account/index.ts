/* The signed-in user's own records as other features see them. */
export { ownProfileSlice, ownCustomerRequested, selectOwnCustomer, selectOwnWorkshop, type OwnCustomer } from './ownProfile';
export { useOwnCustomer, useOwnWorkshop } from './hooks';
export { AccountPanel } from './AccountPanel';
export { PasswordChangeForm } from './PasswordChangeForm';
