import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { switchLanguage } from '../../app/i18n';
import { isLanguage, languageOverride } from '../../app/languages';
import { selectLanguage } from './language';
import { ownCustomerRequested, ownWorkshopRequested, selectOwnCustomer, selectOwnWorkshop } from './ownProfile';

/** The signed-in customer's own record with its figures and credit, read when the screen opens. */
export function useOwnCustomer() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(ownCustomerRequested());
  }, [dispatch]);
  return useAppSelector(selectOwnCustomer);
}

/** The signed-in workshop user's own workshop, read when the screen opens. */
export function useOwnWorkshop() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(ownWorkshopRequested());
  }, [dispatch]);
  return useAppSelector(selectOwnWorkshop);
}

/**
 * Shows the signed-in user's language: their saved one once their profile is read, or the one they
 * just chose. A page opened with `?lng=` keeps that language until the user chooses one.
 */
export function useUserLanguage(): void {
  const { i18n } = useTranslation();
  const { wanted, chosen } = useAppSelector(selectLanguage);
  useEffect(() => {
    if (!isLanguage(wanted) || wanted === i18n.language || (!chosen && languageOverride())) return;
    // A chunk that fails to load leaves the language shown; the next choice or login tries again.
    switchLanguage(i18n, wanted).catch(() => undefined);
  }, [wanted, chosen, i18n]);
}
