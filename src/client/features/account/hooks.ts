import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
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
