export { AccountImportPage } from './components/account-import-page.tsx';
