// Any /api path that is not an endpoint: a JSON 404, whatever the method.
function notFound() {
  return Response.json({ message: "Not found" }, { status: 404 });
}

export const loader = notFound;
export const action = notFound;
