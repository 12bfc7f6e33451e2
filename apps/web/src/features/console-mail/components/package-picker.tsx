import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PackageView } from '@waybill/domain';
import { useMemo, useState } from 'react';
import { usePackageSearch } from '../api/search-packages.ts';

/** How a package reads in the list: its code and who sends it to whom. */
export function packageOptionLabel(pkg: PackageView): string {
  return `${pkg.trackingCode} · ${pkg.name} → ${pkg.receiverName}`;
}

/** Searches saved packages on the server and hands the chosen one to `onPick`. */
export function PackagePicker({ onPick }: { onPick: (pkg: PackageView) => void }) {
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [debouncedTerm] = useDebouncedValue(term, 250);
  const [picked, setPicked] = useState<PackageView | null>(null);
  const results = usePackageSearch(debouncedTerm);

  // The chosen package stays an option while later searches no longer list it.
  const packages = useMemo(() => {
    const found = results.data ?? [];
    return picked && !found.some((item) => item._id === picked._id) ? [picked, ...found] : found;
  }, [results.data, picked]);
  const options = packages.map((pkg) => ({ value: pkg.trackingCode, label: packageOptionLabel(pkg) }));

  return (
    <Select
      label="Fill from a saved package"
      description="Search by tracking code, name, e-mail or phone; choosing one fills the shipper, receiver, description and tracking code."
      placeholder="Search saved packages"
      searchable
      clearable
      data={options}
      value={picked?.trackingCode ?? null}
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        // Choosing an option writes its label into the box: that is not a new search.
        if (!options.some((option) => option.label === text)) setTerm(text);
      }}
      // The server already filtered; Mantine's own filter would hide matches on e-mails or phones.
      filter={({ options: all }) => all}
      nothingFoundMessage={results.isFetching ? 'Searching…' : 'No saved package matches'}
      onChange={(code) => {
        const pkg = packages.find((item) => item.trackingCode === code) ?? null;
        setPicked(pkg);
        if (pkg) onPick(pkg);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
