// Passwords that top every leaked-password list, and the patterns league staff reach for (teams,
// players, the sport itself). Stored lower-case and without trailing digits or symbols: the policy
// strips those before looking a password up, so `Password1!` and `lakers2024` are caught too.
// Written for Courtside from the well-known patterns; short on purpose (a few hundred entries), the
// length rule and the username/organization/sequence rules do the rest.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
password passw0rd passwd pass qwerty qwertyuiop qwertyui qwert asdf asdfgh asdfghjkl zxcvbn zxcvbnm
qazwsx qazwsxedc wsxedc azerty qwertz abc abcd abcde abcdef abcdefg abcdefgh letmein welcome iloveyou
monkey dragon master shadow sunshine princess football baseball basketball soccer hockey softball
volleyball tennis golf trustno superman batman spiderman starwars pokemon freedom whatever ninja
mustang michael jennifer jordan jessica ashley charlie daniel thomas hunter robert matthew andrew
joshua anthony william soccer killer secret admin administrator root login guest test tester testing
changeme default temp temporary user username hello hellothere welcome loveme lovely love lover
flower summer winter autumn spring michelle nicole babygirl babyboy angel angels buster tigger pepper
ginger cookie chocolate cheese banana orange apple cherry purple yellow silver golden diamond
maggie bailey daisy lucky molly sophie chelsea arsenal liverpool manchester barcelona realmadrid
google facebook youtube twitter instagram microsoft apple samsung computer internet iphone
access accessgranted security secure private passport mypassword yourpassword newpassword
oldpassword password password abc passwordpassword qwertyqwerty iloveu ilovey ilovyou
fuckyou fuckoff asshole bitch shit dickhead
blink hottie sexy naughty playboy player players
letmein letmeinnow openup opensesame godzilla zaq zaqxsw zaqwsx qweasd qweasdzxc qwe asd zxc
trustnoone nothing something anything everything password changeit
jesus christ heaven blessed faith
starwars matrix hannah thunder rainbow unicorn dolphin butterfly
family forever friends friend together
america usa canada london paris newyork texas california florida chicago boston
pakistan india
computer laptop desktop
december november october september august july june may april march february january
monday tuesday wednesday thursday friday saturday sunday
qwerty qwer
iloveyou iloveyousomuch
ballislife ballin baller ballers hoops hooper hoopers hoop hoopdreams hoopstar basket basketball
basketbal bball bballer bballislife dunk dunker slamdunk slam dunkin swish swoosh buzzer buzzerbeater
threepointer threepoint freethrow layup alleyoop crossover rebound rebounds assist assists
court courtside halfcourt fullcourt pickup pickupgame streetball playground rucker
mvp allstar allstars champion champions championship champs finals playoffs playoff
league leagues team teams season coach coaching captain referee ref scorekeeper scoreboard
lebron lebronjames kingjames kobe kobebryant mamba blackmamba jordan michaeljordan airjordan
jumpman curry stephcurry steph durant kevindurant kd giannis shaq shaquille magic magicjohnson
larrybird bird iverson dwyane wade kyrie harden luka doncic jokic embiid tatum
lakers celtics bulls warriors knicks nets heat spurs rockets mavericks mavs suns clippers
raptors sixers bucks cavaliers cavs pistons pacers hawks hornets magic wizards thunder jazz
nuggets timberwolves wolves blazers trailblazers kings grizzlies pelicans
nba wnba ncaa marchmadness
yankees redsox dodgers cowboys patriots steelers packers eagles giants raiders broncos
chiefs ravens seahawks niners fortyniners
football footy soccer futbol messi ronaldo neymar
sports sport athlete athletic fitness gym workout winner winning victory
goteam gogo letsgo letsgoteam gametime gameday
baller ballislife
qwerty azerty
love loveyou iloveu
1q2w3e4r 1q2w3e4r5t 1q2w3e 1qaz2wsx 1qazxsw2 q1w2e3r4 q1w2e3r4t5 123qwe 123qweasd 123abc 1234qwer
zaq1zaq1 qwer1234 147258369 741852963 159753 159357 11223344 112233 121314 246810 13579
`
    .split(/\s+/)
    .filter(Boolean),
)
