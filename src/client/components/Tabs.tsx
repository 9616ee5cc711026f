import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';

export interface Tab {
  id: string;
  label: string;
  content: () => ReactNode;
}

/** Accessible tabs; arrow keys move between them. */
export function Tabs({ tabs, initial, label }: { tabs: Tab[]; initial?: string; label: string }) {
  const [active, setActive] = useState(initial && tabs.some((t) => t.id === initial) ? initial : tabs[0].id);
  const base = useId();
  const current = tabs.find((t) => t.id === active) ?? tabs[0];
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = (tabs.indexOf(current) + step + tabs.length) % tabs.length;
    setActive(tabs[index].id);
    document.getElementById(`${base}-${tabs[index].id}`)?.focus();
  };
  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${base}-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab.id === current.id}
            aria-controls={`${base}-${tab.id}-panel`}
            tabIndex={tab.id === current.id ? 0 : -1}
            onClick={() => setActive(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${base}-${current.id}-panel`} role="tabpanel" aria-labelledby={`${base}-${current.id}`}>
        {current.content()}
      </div>
    </>
  );
}
