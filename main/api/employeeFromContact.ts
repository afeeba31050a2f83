import type { Contact, Employee } from '../../shared/apiSchemas'

/**
 * When a file's API has no `/Payroll/Employees`, its employees are the contacts marked as employees.
 * Contacts carry no leave balances, so the fallback list has none.
 */
export function employeesFromContacts(contacts: readonly Contact[]): Employee[] {
  return contacts.filter((contact) => contact.IsEmployee === true).map(employeeFromContact)
}

export function employeeFromContact(contact: Contact): Employee {
  const firstName = contact.GivenName?.trim() ?? ''
  const lastName = contact.FamilyName?.trim() ?? ''
  const personName = [firstName, lastName].filter(Boolean).join(' ')
  return {
    Id: contact.Id,
    FirstName: firstName,
    LastName: lastName,
    DisplayName: personName || contact.OrganisationName?.trim() || `Contact ${contact.Id}`,
    IsActive: contact.IsActive ?? true
  }
}
