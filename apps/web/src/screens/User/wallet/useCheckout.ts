import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PayProviderName } from '@app/contract';
import { newRequestId, useCreateRechargeOrder, useRechargeOrder } from '../../../state/queries/finance';

/** The order the user left the app to pay (same-tab checkout), resumed when the recharge page opens again. */
const PENDING_KEY = 'liveapp.pendingRecharge';

function readPending(): string | null {
  try {
    return sessionStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

function writePending(orderNo: string | null): void {
  try {
    if (orderNo) sessionStorage.setItem(PENDING_KEY, orderNo);
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    /* private mode: the popup flow still works */
  }
}

/** Opens a window for the checkout now, inside the tap (a window opened after an await is blocked). */
function openBlank(): Window | null {
  try {
    const w = window.open('', '_blank');
    if (w) w.document.title = '…';
    return w;
  } catch {
    return null;
  }
}

/** Sends the window (or, when popups are blocked, this tab) to the provider's checkout page. */
export function goToCheckout(payUrl: string, popup: Window | null): 'popup' | 'same-tab' {
  const url = new URL(payUrl, window.location.href).href;
  if (popup && !popup.closed) {
    popup.location.href = url;
    return 'popup';
  }
  window.location.assign(url);
  return 'same-tab';
}

/** The app window that opened this one for a checkout, when it is still open (same origin only). */
function appOpener(): Window | null {
  try {
    const o = window.opener as Window | null;
    return o && !o.closed && o.location.origin === window.location.origin ? o : null;
  } catch {
    return null;
  }
}

/**
 * A provider sends the payer back to the recharge page marked `?checkout=return`. When the checkout
 * ran in a window the app opened, that app already waits for the order: this second copy hands the
 * focus back and closes. A checkout in this very tab (popups blocked) stays on the page.
 */
export function useCloseCheckoutReturn(): void {
  const [params] = useSearchParams();
  const returned = params.get('checkout') === 'return';
  useEffect(() => {
    const opener = returned ? appOpener() : null;
    if (!opener) return;
    opener.focus();
    window.close();
  }, [returned]);
}

/**
 * The recharge flow: create an order (one idempotency key per package and provider, reused when the user retries),
 * open its checkout page, then poll the order until the provider confirms it.
 */
export function useCheckout() {
  const create = useCreateRechargeOrder();
  const [orderNo, setOrderNo] = useState<string | null>(readPending);
  const order = useRechargeOrder(orderNo);
  const key = useRef<{ pkg: number; provider: PayProviderName; id: string } | null>(null);

  const pay = useCallback(
    async (packageId: number, provider: PayProviderName) => {
      if (key.current?.pkg !== packageId || key.current.provider !== provider) key.current = { pkg: packageId, provider, id: newRequestId() };
      const popup = openBlank();
      try {
        const o = await create.mutateAsync({ request_id: key.current.id, package_id: packageId, provider });
        key.current = null;
        writePending(o.order_no);
        setOrderNo(o.order_no);
        goToCheckout(o.pay_url, popup);
      } catch {
        popup?.close();
      }
    },
    [create],
  );

  /** Reopens the checkout of the order being waited for (a tap, so a popup is allowed). */
  const reopen = useCallback(() => {
    const url = order.data?.pay_url;
    if (!url) return;
    const abs = new URL(url, window.location.href).href;
    if (!window.open(abs, '_blank')) window.location.assign(abs);
  }, [order.data?.pay_url]);

  const dismiss = useCallback(() => {
    writePending(null);
    setOrderNo(null);
  }, []);

  return { pay, creating: create.isPending, orderNo, order: order.data ?? null, checking: order.isFetching, reopen, dismiss, refetch: order.refetch };
}
