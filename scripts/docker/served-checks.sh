# Sourced by the image tests (ci-image.sh, smoke-image.sh): what a deployment relies on of a
# server that answers at a base URL. The caller defines fail (message → exit non-zero).
#
#   check_served BASE ADMIN_EMAIL ADMIN_PASSWORD NOTE
#
# /api/health names PostgreSQL, /admin is the web app's page and its script loads, and the
# administrator signs in (NOTE says where the password came from, on the line that says so).
check_served() {
  local base=$1 email=$2 password=$3 note=$4 health page script status
  health=$(curl -sf "$base/api/health") || fail "/api/health did not answer 200"
  [[ $health == *'"database":"postgres"'* ]] || fail "/api/health: $health"
  echo "/api/health: $health"

  page=$(curl -sf "$base/admin") || fail "/admin did not answer 200"
  [[ $page == *'<title>Ready Airman Training</title>'* ]] || fail "/admin is not the web app's page"
  script=$(grep -o 'src="/assets/[^"]*\.js"' <<<"$page" | head -1 | cut -d'"' -f2)
  [ -n "$script" ] || fail "/admin names no script"
  curl -sf -o /dev/null "$base$script" || fail "$script did not answer 200"
  echo "/admin: the web app's page, and $script"

  status=$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
    -d "{\"user_name\":\"$email\",\"password\":\"$password\"}" "$base/api/login")
  [ "$status" = 200 ] || fail "the administrator's sign-in${note:+ ($note)} answered $status"
  echo "sign-in as $email${note:+ ($note)}: 200"
}
