// Deep imports on the launch path: antd-mobile's index pulls its animation library (react-spring) along.
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile 5 renders Toast/Dialog with the legacy ReactDOM.render, which React 19 removed:
// without this shim Toast.show silently shows nothing. Imported first thing in main.tsx.
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { __appRoot?: Root };
  host.__appRoot ??= createRoot(host);
  host.__appRoot.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    host.__appRoot?.unmount();
    delete host.__appRoot;
  };
});
