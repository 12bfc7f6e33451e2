import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

interface PackageSearchProps {
  /** The search the list currently shows (from the address). */
  value: string;
  onSearch: (q: string) => void;
}

const SEARCH_DEBOUNCE_MS = 350;

/** Search by tracking code, names, e-mails or phone; asks the server once typing pauses. */
export function PackageSearch({ value, onSearch }: PackageSearchProps) {
  const [text, setText] = useState(value);
  const search = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  // Back/forward changes the address: the box follows it.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  return (
    <TextInput
      label="Search packages"
      placeholder="Tracking code, name, e-mail or phone"
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') search.flush();
      }}
    />
  );
}
