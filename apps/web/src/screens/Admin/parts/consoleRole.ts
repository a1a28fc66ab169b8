import { createContext, useCallback, useContext } from 'react';
import { mayCall, type OperatorRole, type RouteName } from '@app/contract';

const RoleContext = createContext<OperatorRole | null>(null);

/** Holds the signed-in operator's console role for every section below it. */
export const ConsoleRoleProvider = RoleContext.Provider;

/** Whether the operator's role may make a call (the contract's consoleAccess): the console shows only what it may. */
export function useMay(): (name: RouteName) => boolean {
  const role = useContext(RoleContext);
  if (!role) throw new Error('useMay is used outside the console');
  return useCallback((name: RouteName) => mayCall(role, name), [role]);
}
