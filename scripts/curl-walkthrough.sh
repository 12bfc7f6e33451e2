#!/usr/bin/env bash
# Walks the whole API with curl against a running server, as a customer and then an operator:
# submit with images, track, sign in, accept, add and delete a location update, change status,
# create and edit the plan and contact details, delete the package.
#   BASE_URL=http://127.0.0.1:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… scripts/curl-walkthrough.sh
# Needs curl and node (for JSON parsing and to draw two small test images).
set -euo pipefail

BASE_URL=${BASE_URL:-http://127.0.0.1:3000}
ADMIN_EMAIL=${ADMIN_EMAIL:?set ADMIN_EMAIL to an operator e-mail}
ADMIN_PASSWORD=${ADMIN_PASSWORD:?set ADMIN_PASSWORD to that operator password}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jar="$work/cookies.txt"

step() { printf '\n▶ %s\n' "$*"; }
# JSON field from stdin: json '.trackingCode'
json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{let v=JSON.parse(s);for(const k of process.argv[1].split(".").filter(Boolean))v=v[k];console.log(typeof v==="string"?v:JSON.stringify(v))})' "$1"; }
xsrf() { awk '$6=="XSRF-TOKEN"{print $7}' "$jar"; }
# call METHOD PATH [curl args…]: prints the body, fails on a non-2xx status.
call() {
  local method=$1 path=$2; shift 2
  local status
  status=$(curl -sS -o "$work/body" -w '%{http_code}' -b "$jar" -c "$jar" -X "$method" \
    -H "X-XSRF-TOKEN: $(xsrf)" "$@" "$BASE_URL$path")
  if [[ $status != 2* ]]; then
    echo "✗ $method $path → $status: $(cat "$work/body")" >&2
    exit 1
  fi
  echo "  $method $path → $status" >&2
  cat "$work/body"
}
call_json() { local method=$1 path=$2 body=$3; call "$method" "$path" -H 'Content-Type: application/json' --data "$body"; }

# Two real images (a PNG and a JPEG) drawn by sharp from the server's dependencies.
(cd "$(dirname "$0")/../apps/server" && node -e '
  const sharp = require("sharp");
  const make = (format, colour) => sharp({ create: { width: 320, height: 240, channels: 3, background: colour } }).toFormat(format).toFile(process.argv[1] + "/parcel." + (format === "jpeg" ? "jpg" : format));
  Promise.all([make("png", "#c05030"), make("jpeg", "#3060c0")]).catch((e) => { console.error(e); process.exit(1); });
' "$work")

step 'Health (and the anti-forgery cookie)'
call GET /api/health

step 'Customer submits a package with two images'
submitted=$(call POST /api/submit-package \
  -F name='Ada Lovelace' -F email=ada@example.com -F phone='+1 555 0100' -F pickupLocation='12 Dock Street, Oakland' \
  -F rname='Grace Hopper' -F remail=grace@example.org -F rphone='+44 20 7946 0000' -F destination='1 Market Square, London' \
  -F description='Two books' -F quantity=2 -F weight=1.5 -F dimensionUnit=cm -F length=30 -F width=20 -F height=10 \
  -F "packageImages=@$work/parcel.png;type=image/png" -F "packageImages=@$work/parcel.jpg;type=image/jpeg")
echo "$submitted"
code=$(echo "$submitted" | json .trackingCode)
image=$(echo "$submitted" | json .packageImages.0)

step "The first image is served ($image)"
curl -sS -o /dev/null -D - "$BASE_URL$image" | grep -iE '^(HTTP|content-type|cache-control)'

step "Customer tracks $code (lower case, spaces around)"
call GET "/api/track/%20$(echo "$code" | tr 'A-Z' 'a-z')%20"

step 'Operator signs in'
call_json POST /api/auth/login "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}"
call GET /api/auth/me

step 'Operator lists packages (page 1, 5 a page)'
call GET '/api/admin/packages?pageSize=5' -D "$work/headers" | head -c 200; echo
grep -iE '^x-(total-count|page)' "$work/headers" || true

step 'Accept'
call_json POST /api/admin/accept "{\"trackingCode\":\"$code\"}" | json .status

step 'Add a location update'
updated=$(call_json POST /api/admin/location-update "{\"trackingCode\":\"$code\",\"location\":\"Oakland sorting hub\"}")
timestamp=$(echo "$updated" | json .locationUpdates.0.timestamp)
echo "$updated" | json .locationUpdates

step 'Delete that location update'
call_json DELETE /api/admin/location-update "{\"trackingCode\":\"$code\",\"timestamp\":\"$timestamp\"}" | json .locationUpdates

step 'Change status'
call_json POST /api/admin/update-status "{\"trackingCode\":\"$code\",\"status\":\"Shipped\"}" | json .status
call GET "/api/track/$code"; echo

step 'Create or edit the plan'
plan='{"name1":"Basic Shipping","name2":"Express Shipping","name3":"Same Day Rush","price1":9.99,"price2":24.5,"price3":49,"description1":"Everyday","description2":"Fast","description3":"Today"}'
plan_id=$(call GET /api/plans | json .0._id 2>/dev/null || true)
if [[ -z $plan_id || $plan_id == undefined ]]; then plan_id=$(call_json POST /api/create-plan "$plan" | json ._id); fi
call_json PUT "/api/edit-plan/$plan_id" "${plan/9.99/11.5}"; echo

step 'Create or edit the contact details'
details='{"phone":"+1 555 0100","email":"desk@waybill.example","watsapp":"https://wa.me/15550100","address":["100 Harbor Way","Oakland, CA"]}'
details_id=$(call GET /api/details | json .0._id 2>/dev/null || true)
if [[ -z $details_id || $details_id == undefined ]]; then details_id=$(call_json POST /api/details "$details" | json ._id); fi
call_json PUT "/api/details/$details_id" "${details/0100\"/0111\"}"; echo

step 'Delete the package'
call DELETE "/api/admin/packages/$code"; echo
status=$(curl -sS -o /dev/null -w '%{http_code}' "$BASE_URL/api/track/$code")
[[ $status == 404 ]] || { echo "✗ the deleted package still tracks ($status)" >&2; exit 1; }
echo "  GET /api/track/$code → 404 (gone)"

step 'Sign out'
call POST /api/auth/logout; echo
printf '\n✓ curl walkthrough finished\n'
