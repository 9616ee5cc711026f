import { useEffect, useMemo } from 'react';
import { OFFICE } from '../../../shared/roles';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useProducts } from '../catalogue';
import { customersRequested, selectCustomerList } from '../customers';
import { useLookups } from '../lookups';
import { selectSession } from '../session';
import { selectWorkshops, workshopsRequested } from '../workshops';
import type { Choice } from './ArchiveForm';

const byName = (a: Choice, b: Choice) => a.name.localeCompare(b.name);

/** What the archive's form offers to pick: statuses and products; for the office also every customer and workshop, read once for the session. */
export function useArchiveChoices() {
  const dispatch = useAppDispatch();
  const { role } = useAppSelector(selectSession);
  const office = OFFICE.includes(role);
  useEffect(() => {
    if (!office) return;
    dispatch(customersRequested());
    dispatch(workshopsRequested());
  }, [dispatch, office]);
  const customers = useAppSelector(selectCustomerList);
  const workshops = useAppSelector(selectWorkshops);
  const { status } = useLookups();
  const { products } = useProducts('archive:failed');
  return useMemo(
    () => ({
      statuses: [...status].map(([id, name]) => ({ id, name })),
      products: products.map((p) => ({ id: p.id, name: p.title })).sort(byName),
      ...(office
        ? {
            customers: customers.map((c) => ({ id: c.id, name: c.name })).sort(byName),
            workshops: workshops.map((w) => ({ id: w.id, name: w.name })).sort(byName),
          }
        : {}),
    }),
    [status, products, office, customers, workshops],
  );
}

export type ArchiveChoices = ReturnType<typeof useArchiveChoices>;
