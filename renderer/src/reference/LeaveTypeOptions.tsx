/** The file's leave types as a `<select>`'s options, by name, valued by their pay item id. */
export function LeaveTypeOptions(props: { leaveTypes: readonly { id: number; name: string }[] }) {
  return (
    <>
      {props.leaveTypes.map((type) => (
        <option key={type.id} value={type.id}>
          {type.name}
        </option>
      ))}
    </>
  )
}
