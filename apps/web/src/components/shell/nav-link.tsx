/** A navigation link marked as the current page (aria-current) when it points at `path`. */
export function NavLink({
  to,
  path,
  className,
  children,
}: {
  to: string;
  path: string;
  className?: string;
  children: string;
}) {
  return (
    <a href={to} className={className} aria-current={to === path ? 'page' : undefined}>
      {children}
    </a>
  );
}
