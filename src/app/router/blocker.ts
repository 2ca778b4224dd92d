/**
 * `useBlocker` for the component router: same signature and result as
 * react-router's (which needs a data router). Inside a data router it is
 * react-router's own. Screens import it from here, not from react-router-dom.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useBlocker as dataRouterUseBlocker, UNSAFE_DataRouterContext, type Blocker, type BlockerFunction } from 'react-router-dom';
import type { BlockingHistory } from './history';

export const BlockingHistoryContext = createContext<BlockingHistory | null>(null);

const IDLE: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

function useHistoryBlocker(shouldBlock: boolean | BlockerFunction): Blocker {
  const history = useContext(BlockingHistoryContext);
  const fn = useRef(shouldBlock);
  fn.current = shouldBlock;
  const [state, setState] = useState<Blocker>(IDLE);
  useEffect(() => {
    if (!history) {
      console.warn('useBlocker: no blocking history (navigation is not blocked)');
      return;
    }
    return history.addBlocker({
      test: (a) => (typeof fn.current === 'function' ? fn.current(a) : !!fn.current),
      blocked: (location, go) =>
        setState({
          state: 'blocked',
          location,
          reset: () => setState(IDLE),
          proceed: () => {
            setState({ state: 'proceeding', location, proceed: undefined, reset: undefined });
            go();
            setState(IDLE);
          },
        }),
    });
  }, [history]);
  return state;
}

export function useBlocker(shouldBlock: boolean | BlockerFunction): Blocker {
  // Which router an element lives in never changes, so the hook order is stable.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return dataRouter ? dataRouterUseBlocker(shouldBlock) : useHistoryBlocker(shouldBlock);
}
